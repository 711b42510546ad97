// The public API of the upload-image function.
export { type ImageType, imageTypeOf } from './image-type.ts';
export { MAX_IMAGE_BYTES, type UploadImageResult, uploadImage, uploadImageErrors } from './upload-image.ts';
