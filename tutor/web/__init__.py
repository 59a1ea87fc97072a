"""The lessons in the browser: a bridge that runs in the page (Pyodide) and the build step
that ships it with the rulebook site.

- ``bridge`` drives the lesson controller (``tutor.lessons.controller``) for the page and
  answers every action with the screen to draw as plain data (``view``, ``board``); the
  page's JavaScript only draws and forwards clicks and keys.
- ``publish`` runs when the site is built: it copies the Pyodide runtime (npm, ``web/``),
  packs the ``tutor`` package with what it needs into one archive, pre-renders each
  lesson's first screens and writes the service worker that keeps it all offline.
"""
