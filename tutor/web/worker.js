// The lessons' engine, in a Web Worker so that the page never freezes: Pyodide (shipped
// with the site in ./pyodide/) runs the tutor package from ./celestia.zip, and each
// message from the page is one action for tutor.web.bridge.handle. This file holds no
// lesson logic: it loads, then passes JSON both ways.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
let handle = null;

/** Read a file through, counting its bytes for the page's "loaded" figure (the browser
 *  or the service worker keeps it: Pyodide's own request then comes from that copy). */
async function fetchCounting(url, onBytes, keep) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url.pathname}: ${response.status}`);
  }
  if (!response.body) {
    const buffer = await response.arrayBuffer();
    onBytes(buffer.byteLength);
    return buffer;
  }
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (keep) chunks.push(value);
    onBytes(value.byteLength);
  }
  return keep ? new Blob(chunks).arrayBuffer() : null;
}

/** How long each part of the start took (ms): what the benchmark reports. */
const timings = {};

async function start(sizes) {
  const begun = performance.now();
  const total = Object.values(sizes).reduce((a, b) => a + b, 0) || 1;
  let loaded = 0;
  const progress = (bytes) => {
    loaded += bytes;
    self.postMessage({ type: "progress", fraction: Math.min(1, loaded / total) });
  };
  const names = Object.keys(sizes);
  const buffers = await Promise.all(names.map((name) => fetchCounting(
    new URL(name, base), progress, name === "celestia.zip")));
  const archive = buffers[names.indexOf("celestia.zip")];
  const fetched = performance.now();
  timings.download = fetched - begun;
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: (text) => console.warn(text),
  });
  const started = performance.now();
  timings.runtime = started - fetched;
  pyodide.unpackArchive(new Uint8Array(archive), "zip", { extractDir: "/home/pyodide/lib" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide/lib')");
  handle = pyodide.pyimport("tutor.web.bridge").handle;
  timings.package = performance.now() - started;
}

let ready = null;

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "start") {
    ready = start(message.sizes).then(
      () => self.postMessage({ type: "ready", timings }),
      (error) => self.postMessage({ type: "failed", error: String(error && error.message
                                                                    || error) }));
    return;
  }
  try {
    await ready;
    const answer = JSON.parse(handle(JSON.stringify(message.request)));
    self.postMessage({ type: "answer", id: message.id, answer });
  } catch (error) {
    // A Python exception's message ends with its last line: that line says what went wrong.
    const text = String(error && error.message || error).trim().split("\n").pop();
    self.postMessage({ type: "answer", id: message.id, answer: { error: text } });
  }
};
