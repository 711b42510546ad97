import { Fragment, type ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { type AreaProps, editorWidth, PANEL_SIZES } from 'shared-kernel';
import { RemoteSlot } from '../../remotes/remote-slot.tsx';
import { PanelDropZone } from './panel-drop-zone.tsx';
import { SlotHost, usePersistentSlot } from './persistent-slot.tsx';
import { dropPanel, type SidePanel, useArrangement } from './use-arrangement.ts';
import styles from './workspace-layout.module.css';

const PANEL_LABELS: Record<SidePanel, string> = { ideas: 'Ideas', chat: 'Chat' };

/** A vertical stack of side panels that can be resized against each other. */
function PanelStack({
  id,
  panels,
  hosts,
  onDropOnPanel,
}: {
  id: string;
  panels: SidePanel[];
  hosts: Record<SidePanel, HTMLElement>;
  onDropOnPanel: (dragged: SidePanel, onto: SidePanel) => void;
}) {
  const saved = useDefaultLayout({ id, panelIds: panels, storage: localStorage });
  return (
    <Group id={id} orientation="vertical" className={styles.stack} {...saved}>
      {panels.map((panel, index) => (
        <Fragment key={panel}>
          {index > 0 && <Separator className={styles.separatorHorizontal} />}
          <Panel id={panel} minSize="15" className={styles.panel}>
            <PanelDropZone
              label={`${PANEL_LABELS[panel]} panel`}
              onDropPanel={(dragged) => onDropOnPanel(dragged, panel)}
            >
              <SlotHost element={hosts[panel]} className={styles.host} />
            </PanelDropZone>
          </Panel>
        </Fragment>
      ))}
    </Group>
  );
}

/**
 * The workspace: the writings sidebar on the left (with ideas under it when docked left, and the Profile
 * button at its foot), the editor in the centre, ideas and chat stacked on the right. Zen shows the editor alone. Panels are resizable and their
 * sizes remembered per arrangement; the editor's default width follows docs/product.md, Workspace layout (100 in Zen, 48 with both
 * side areas open, 76 with one). Every area stays mounted while hidden or moved.
 */
export function WorkspaceLayout({
  areaProps,
  accessory,
}: {
  areaProps: AreaProps;
  /** The Profile button: at the foot of the left side, under the sidebar and anything docked there. */
  accessory?: ReactNode;
}) {
  const arrangement = useArrangement(areaProps.bus);
  const sidebar = usePersistentSlot();
  const editor = usePersistentSlot();
  const ideas = usePersistentSlot();
  const chat = usePersistentSlot();
  const hosts = { ideas: ideas.element, chat: chat.element };

  const { leftOpen, rightOpen, zen } = arrangement;
  const columns = [...(leftOpen ? ['left'] : []), 'editor', ...(rightOpen ? ['right'] : [])];
  const saved = useDefaultLayout({ id: 'workspace-columns', panelIds: columns, storage: localStorage });
  // Default sizes add up to 100: the editor's width by the rule, the right area its 24, the left the rest.
  const editorSize = editorWidth({ zen, leftOpen, rightOpen });
  const rightSize = rightOpen ? PANEL_SIZES.right.default : 0;
  const leftSize = 100 - editorSize - rightSize;
  const drop = (area: 'left' | 'right') => (dragged: SidePanel, onto?: SidePanel) =>
    dropPanel({ dragged, area, onto, arrangement });

  return (
    <div className={styles.workspace} data-zen={zen || undefined}>
      {sidebar.portal(<RemoteSlot area="writings" parcel="Sidebar" label="Writings" areaProps={areaProps} />)}
      {editor.portal(<RemoteSlot area="writings" parcel="Editor" label="Editor" areaProps={areaProps} />)}
      {ideas.portal(<RemoteSlot area="ideas" parcel="IdeasPanel" label="Ideas" areaProps={areaProps} />)}
      {chat.portal(<RemoteSlot area="chat" parcel="ChatPanel" label="Chat" areaProps={areaProps} />)}

      <Group id="workspace-columns" orientation="horizontal" className={styles.columns} {...saved}>
        {leftOpen && (
          <>
            <Panel
              id="left"
              defaultSize={`${leftSize}`}
              minSize={`${PANEL_SIZES.main.min}`}
              className={styles.side}
            >
              <PanelDropZone
                label="Left side"
                onDropPanel={(dragged) => drop('left')(dragged)}
                className={styles.leftArea}
              >
                <SlotHost element={sidebar.element} className={styles.sidebarHost} />
                {arrangement.left.length > 0 && (
                  <div className={styles.leftDock}>
                    <PanelStack
                      id="left-stack"
                      panels={arrangement.left}
                      hosts={hosts}
                      onDropOnPanel={drop('left')}
                    />
                  </div>
                )}
                {accessory && <div className={styles.accessory}>{accessory}</div>}
              </PanelDropZone>
            </Panel>
            <Separator className={styles.separatorVertical} />
          </>
        )}
        <Panel
          id="editor"
          defaultSize={`${editorSize}`}
          minSize={`${PANEL_SIZES.editor.min}`}
          className={styles.editor}
        >
          <SlotHost element={editor.element} className={styles.host} />
        </Panel>
        {rightOpen && (
          <>
            <Separator className={styles.separatorVertical} />
            <Panel
              id="right"
              defaultSize={`${rightSize}`}
              minSize={`${PANEL_SIZES.right.min}`}
              className={styles.side}
            >
              <PanelDropZone
                label="Right side"
                onDropPanel={(dragged) => drop('right')(dragged)}
                className={styles.rightArea}
              >
                <PanelStack
                  id="right-stack"
                  panels={arrangement.right}
                  hosts={hosts}
                  onDropOnPanel={drop('right')}
                />
              </PanelDropZone>
            </Panel>
          </>
        )}
      </Group>
    </div>
  );
}
