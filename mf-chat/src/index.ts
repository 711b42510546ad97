// The async boundary: shared singletons are negotiated before the harness (or a parcel) is evaluated.
import('./bootstrap.tsx');
