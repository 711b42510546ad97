-- photo-clips takes raster images only, listed one by one. `image/*` let `image/svg+xml` in: SVG is a
-- document that runs script, and a public bucket serves it from the API's origin. These are the types the
-- upload-image function recognises by their bytes (functions/src/upload-image/image-type.ts); the local
-- backend's storage also checks each upload's bytes against its declared type.
update storage.buckets
set allowed_mime_types = array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']
where id = 'photo-clips';
