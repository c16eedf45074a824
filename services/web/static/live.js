// The live view: follow /api/matches/{id}/events and redraw the public board.
// The log keeps its newest line in view, unless the reader has scrolled up to read.
(function () {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;
  const board = document.getElementById("board");
  const log = document.getElementById("log");
  const status = document.getElementById("status");
  const frameNumber = document.getElementById("frame-number");
  const atEnd = function () { return log.scrollHeight - log.scrollTop - log.clientHeight < 24; };
  log.scrollTop = log.scrollHeight;
  if (!window.EventSource) return;
  const events = new EventSource(live.dataset.events);
  events.addEventListener("open", function () { live.dataset.connected = "1"; });
  events.addEventListener("frame", function (message) {
    const frame = JSON.parse(message.data);
    const follow = atEnd();
    if (frame.board) board.innerHTML = frame.board;
    while (log.children.length > frame.log_start) log.removeChild(log.lastChild);
    for (const line of frame.log) {
      const item = document.createElement("li");
      item.textContent = line;
      log.appendChild(item);
    }
    if (follow) log.scrollTop = log.scrollHeight;
    frameNumber.textContent = "view " + frame.frame;
    frameNumber.dataset.frame = frame.frame;
  });
  events.addEventListener("end", function (message) {
    const end = JSON.parse(message.data);
    events.close();
    status.dataset.status = end.status;
    status.textContent = "";
    if (end.status === "completed") {
      status.append("The match is over. ");
      const link = document.createElement("a");
      link.href = window.location.pathname + "?after=0";
      link.id = "watch-replay";
      link.textContent = "Watch the replay";
      status.append(link);
    } else {
      status.textContent = "The live view ended (" + end.status + ").";
    }
  });
})();
