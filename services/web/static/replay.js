// Replay keys: left and right arrows step back and forward.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.target instanceof HTMLInputElement) return;
    const id = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    const link = id && document.getElementById(id);
    if (link) window.location.href = link.href;
  });
})();
