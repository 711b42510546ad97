// Images in a writing: uploaded to storage and linked as attachments, replaced and deleted; a file whose
// upload has not gone through waits on the device and is uploaded when the writing is open again online.
export {
  deleteImage,
  insertImageFiles,
  replaceImage,
  resumeWaitingUploads,
  type UploadTarget,
} from './image-actions.ts';
export { deleteImageFile, linkAttachment, type UploadedImage, uploadImageFile } from './image-data.ts';
export { waitingImagesOf } from './waiting-images.ts';
