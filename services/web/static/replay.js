// Replay keys: left and right arrows step back and forward. The log opens on its
// newest line: what happened last, up to the decision shown.
(function () {
  "use strict";
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
  document.addEventListener("keydown", function (event) {
    if (event.target instanceof HTMLInputElement) return;
    const id = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    const link = id && document.getElementById(id);
    if (link) window.location.href = link.href;
  });
})();
