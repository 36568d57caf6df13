// A page whose kernel is gone (shut down, culled, crashed, or the server stopped) can no longer
// answer a click: say so, visibly and to screen readers, instead of leaving buttons that do nothing.
// Loaded in the page's head, before Voilà's bundle opens the kernel websocket, which it watches.
(function () {
  "use strict";
  var SENTENCE = "This page has stopped \u2014 reload it.";
  var CHANNELS = /\/api\/kernels\/[0-9a-f-]+\/channels$/;
  // How often an open page asks whether its kernel still runs: a shut-down kernel may leave
  // the websocket open and silent.
  var CHECK_EVERY_MS = 10000;
  // Voilà's client reconnects a dropped websocket by itself; a check waits for that first.
  var RECONNECT_GRACE_MS = 1500;
  var STOPPED_STATES = { dead: true, restarting: true, autorestarting: true };
  var NativeWebSocket = window.WebSocket;
  var kernelUrl = null;
  var openSockets = 0;
  var stopped = false;

  function say() {
    if (stopped) {
      return;
    }
    stopped = true;
    var notice = document.createElement("div");
    notice.id = "matatu-page-stopped";
    notice.setAttribute("role", "alert");
    notice.textContent = SENTENCE;
    notice.style.cssText =
      "position:fixed;top:0;left:0;right:0;z-index:10000;padding:0.75em 1em;text-align:center;" +
      "background:#8b1a1a;color:#fff;font:bold 1.1em sans-serif;";
    if (document.body) {
      document.body.appendChild(notice);
    } else {
      document.addEventListener("DOMContentLoaded", function () {
        document.body.appendChild(notice);
      });
    }
  }

  function checkKernel() {
    if (stopped || kernelUrl === null) {
      return;
    }
    fetch(kernelUrl, { credentials: "same-origin", cache: "no-store" }).then(
      function (response) {
        // 404: the kernel is gone; 403: it is no longer this page's.
        if (response.status === 404 || response.status === 403) {
          say();
        }
      },
      say // the server does not answer: it has stopped
    );
  }

  // The execution state of a kernel status message in the v1 websocket protocol, else null.
  function executionState(data) {
    if (!(data instanceof ArrayBuffer) || data.byteLength < 56) {
      return null;
    }
    try {
      var view = new DataView(data);
      var count = view.getUint32(0, true);
      if (count < 6 || 8 * (count + 1) > data.byteLength) {
        return null;
      }
      var offset = function (index) {
        return view.getUint32(8 * (index + 1), true);
      };
      var part = function (index) {
        return JSON.parse(new TextDecoder().decode(new Uint8Array(data, offset(index), offset(index + 1) - offset(index))));
      };
      if (part(1).msg_type !== "status") {
        return null;
      }
      return part(4).execution_state || null;
    } catch (error) {
      return null;
    }
  }

  function watch(socket, url) {
    kernelUrl = url.replace(/^ws/, "http").replace(/\/channels$/, "");
    var counted = false;
    socket.addEventListener("open", function () {
      counted = true;
      openSockets += 1;
    });
    socket.addEventListener("message", function (event) {
      if (STOPPED_STATES[executionState(event.data)]) {
        say();
      }
    });
    socket.addEventListener("close", function () {
      if (counted) {
        counted = false;
        openSockets -= 1;
      }
      setTimeout(function () {
        if (openSockets === 0) {
          checkKernel();
        }
      }, RECONNECT_GRACE_MS);
    });
  }

  function WatchedWebSocket(url, protocols) {
    var socket = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    var address = new URL(url, window.location.href);
    if (CHANNELS.test(address.pathname)) {
      address.search = "";
      watch(socket, address.href);
    }
    return socket;
  }
  WatchedWebSocket.prototype = NativeWebSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    WatchedWebSocket[name] = NativeWebSocket[name];
  });
  window.WebSocket = WatchedWebSocket;
  setInterval(checkKernel, CHECK_EVERY_MS);
})();
