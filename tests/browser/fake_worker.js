// A stand-in solver worker speaking the real message protocol: it answers every job with a
// one-move report, except a link containing "garble", answered with a message no page can
// read (as a worker from another release might send).
postMessage(JSON.stringify({ ready: {} }));
onmessage = (event) => {
  if (typeof event.data !== "string") return; // session data or a cancel flag: not needed here
  const request = JSON.parse(event.data);
  if (request.link.includes("garble")) {
    postMessage(JSON.stringify({ finished_differently: { job: request.job } }));
    return;
  }
  postMessage(JSON.stringify({
    done: {
      job: request.job,
      report: {
        puzzle: "hanoi", algorithm: "optimal", link: request.link, solved: true, length: 1,
        moves: ["AC"], expanded: 0, generated: 0, peak_frontier: 0, stored: 0, elapsed_ms: 0.1,
      },
    },
  }));
};
