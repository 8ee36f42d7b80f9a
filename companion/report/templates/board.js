// The live board: each reading the server sends replaces the board; the line at the top
// says whether the page is following the game. The server sends HTML it escaped itself.
// The screen is kept awake where the browser allows it (the Wake Lock API needs a secure
// page: this computer's own address, not a plain address on the network), and the page
// says so where it cannot.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var live = document.getElementById("live");
  var awake = document.getElementById("awake");

  function sleepy(why) {
    awake.textContent = "This browser cannot keep the screen awake (" + why +
      "): set the screen to stay on in the device's settings.";
    awake.hidden = false;
    window.__awake = "no";
  }
  function keepAwake() {
    if (!("wakeLock" in navigator)) {
      sleepy(window.isSecureContext ? "no Wake Lock here" : "not on a secure address");
      return;
    }
    if (document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (lock) {
      awake.hidden = true;
      window.__awake = "yes";
      lock.addEventListener("release", function () { window.__awake = "released"; });
    }, function (e) { sleepy(e && e.name ? e.name : "refused"); });
  }
  // A lock ends when the page is hidden; it is asked for again when it shows.
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();

  if (!window.EventSource) {
    live.textContent = "This browser cannot follow the game: reload the page to see changes.";
    return;
  }
  function say(text, bad) {
    live.textContent = text;
    live.className = bad ? "live bad" : "live";
  }
  var source = new EventSource("events");
  source.addEventListener("board", function (e) {
    board.innerHTML = e.data;
    say("Live board: it changes by itself as the game is played.", false);
  });
  source.addEventListener("gone", function (e) { say(e.data, true); });
  source.addEventListener("damaged", function (e) { say(e.data, true); });
  source.onerror = function () {
    say("The board lost its connection to companion serve; it keeps trying.", true);
  };
})();
