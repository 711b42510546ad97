// Images in a writing: uploaded to storage and linked as attachments, replaced and deleted.
export { deleteImage, insertImageFiles, replaceImage } from './image-actions.ts';
export { deleteImageFile, linkAttachment, type UploadedImage, uploadImageFile } from './image-data.ts';
