"""Developer tools: catalog extraction, compilation and checks."""
