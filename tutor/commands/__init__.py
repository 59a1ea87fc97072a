"""Sub-commands of ``celestia``, one module each (see ``tutor.cli.COMMANDS``)."""
