"""The tutor app: prompt-toolkit UI (layout, key bindings, style) and the board view."""
