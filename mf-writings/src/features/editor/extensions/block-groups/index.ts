// Block groups: long writings are stored flat and edited as groups of 100 top-level blocks.
export {
  afterBlockAt,
  BLOCK_GROUP,
  BLOCK_GROUP_SIZE,
  BlockGroup,
  BlockGroupEditing,
  forEachBlock,
  isInTopLevelBlock,
  toEditorContent,
  toStoredContent,
} from './block-groups.ts';
