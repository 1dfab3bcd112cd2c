/* lineedit.c — the one line editor: the editing keys of every text field
 * (prompts, the builder's filter, the requirements form's and the wizard's
 * amounts) and how a field being edited is drawn.  What Enter and Esc mean
 * stays with the field's owner. */
#include <string.h>

#include "tui/app.h"

bool ui_edit_typed(int key, unsigned flags)
{
    return (flags & UI_EDIT_ASCII) ? key >= 0x20 && key < 0x7f : key >= 0x20 && key < 0x100 && key != 0x7f;
}

int ui_edit_key(char *buf, size_t size, int key, unsigned flags)
{
    size_t n = strlen(buf);
    if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        /* the last character: a UTF-8 sequence goes whole */
        while (n > 0) {
            n--;
            if ((flags & UI_EDIT_ASCII) || ((unsigned char)buf[n] & 0xC0) != 0x80) break;
        }
        buf[n] = '\0';
        return UI_EDIT_CHANGED;
    }
    if (key == 21) { /* Ctrl-U */
        buf[0] = '\0';
        return UI_EDIT_CHANGED;
    }
    if (!ui_edit_typed(key, flags)) return UI_EDIT_NONE;
    if (n + 1 >= size) return UI_EDIT_FULL;
    buf[n] = (char)key;
    buf[n + 1] = '\0';
    return UI_EDIT_CHANGED;
}

int ui_edit_draw(app *a, int y, int x, int w, int role, const char *text)
{
    if (w < 1) return 0;
    const char *s = text;
    while (*s && ui_width(a, s) > w - 1) { /* its end, whole characters */
        s++;
        while (((unsigned char)*s & 0xC0) == 0x80) s++;
    }
    int used = w > 1 ? ui_put(a, y, x, w - 1, role, s) : 0;
    return used + ui_put(a, y, x + used, 1, DLRIG_ROLE_FOCUS, a->utf8 ? "\u258F" : "_");
}
