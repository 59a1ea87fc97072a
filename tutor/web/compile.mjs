// Compile the page's Python modules with the page's own Python (Pyodide, in Node.js) at
// build time: `node compile.mjs PYODIDE_DIR TREE [DDIR]` writes, beside each TREE/**/x.py, the
// bytecode x.pyc that Pyodide's Python imports directly, with no timestamp to check, so
// that the page does not compile the modules at every start. Run by tutor/web/publish.py;
// the bytecode of one Python version only runs on that version, hence Pyodide's own.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, tree] = process.argv.slice(2, 4).map((p) => path.resolve(p));
// Where the page puts the files (worker.js): the name its tracebacks give a module.
const ddir = process.argv[4] || "/home/pyodide/lib";
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder + path.sep, stdout: () => {},
                                    stderr: (text) => process.stderr.write(text + "\n") });
pyodide.FS.mkdirTree("/tree");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/tree");
globalThis.ddir = ddir;
pyodide.runPython(`
import compileall, py_compile
from js import ddir
if not compileall.compile_dir("/tree", ddir=ddir, quiet=1, legacy=True, workers=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemError("some modules did not compile")
`);
