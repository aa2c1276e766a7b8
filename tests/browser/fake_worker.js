// A stand-in solver worker for the crash test: it dies on any link containing "crash" and
// answers every other job with a one-move report, speaking the real message protocol.
postMessage(JSON.stringify({ type: "ready" }));
onmessage = (event) => {
  const request = JSON.parse(event.data);
  if (request.link.includes("crash")) {
    throw new Error("simulated solver crash");
  }
  postMessage(JSON.stringify({
    type: "done",
    job: request.job,
    report: {
      puzzle: "hanoi", algorithm: "optimal", link: request.link, solved: true, length: 1,
      moves: ["AC"], expanded: 0, generated: 0, peak_frontier: 0, stored: 0, elapsed_ms: 0.1,
    },
  }));
};
