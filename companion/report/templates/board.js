// The live board: each reading the server sends replaces the board; the line at the top
// says whether the page is following the game. The server sends HTML it escaped itself.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var live = document.getElementById("live");
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
