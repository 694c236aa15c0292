import { mergeAttributes, Node } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Inserts a video embed by its 11-character id. */
      insertVideo: (id: string) => ReturnType;
    };
  }
}

/**
 * A video embed as a block of its own: stored as <div data-video-id="…"></div>, rendered by the
 * answer display and display texts through VideoEmbed; in the editor, its thumbnail.
 */
export const VideoNode = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-video-id'),
        renderHTML: (attributes: { id?: string | null }) => (attributes.id ? { 'data-video-id': attributes.id } : {}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-video-id]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes)];
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'faena-editor-video';
      dom.setAttribute('data-video-id', String(node.attrs.id ?? ''));
      dom.contentEditable = 'false';
      const image = document.createElement('img');
      image.src = `https://i.ytimg.com/vi/${encodeURIComponent(String(node.attrs.id ?? ''))}/mqdefault.jpg`;
      image.alt = `Video ${String(node.attrs.id ?? '')}`;
      image.onerror = () => image.remove();
      const label = document.createElement('span');
      label.textContent = `▶ ${String(node.attrs.id ?? '')}`;
      dom.append(image, label);
      return { dom };
    };
  },

  addCommands() {
    return {
      insertVideo:
        (id: string) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { id } }),
    };
  },
});
