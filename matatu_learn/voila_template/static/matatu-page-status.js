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
  // The kernel's notices (matatu_learn/page_kernel.py, NOTICE).
  var NOTICE = "application/vnd.matatu-learn.notice+json";
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

  // A sentence the kernel shows about what the page sent (a value it could not use, too many
  // bytes): one notice at the foot of the page, replaced by the next, read out by screen readers.
  function tell(sentence) {
    var notice = document.getElementById("matatu-page-notice");
    if (notice === null) {
      notice = document.createElement("div");
      notice.id = "matatu-page-notice";
      notice.setAttribute("role", "status");
      notice.style.cssText =
        "position:fixed;bottom:0;left:0;right:0;z-index:9999;padding:0.75em 3em 0.75em 1em;" +
        "background:#fff4d6;color:#3d2b00;border-top:2px solid #8a6d00;font:1em sans-serif;";
      var text = document.createElement("span");
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "Close";
      close.style.cssText = "position:absolute;right:0.5em;top:50%;transform:translateY(-50%);min-height:44px;";
      close.addEventListener("click", function () {
        notice.remove();
      });
      notice.appendChild(text);
      notice.appendChild(close);
      document.body.appendChild(notice);
    }
    notice.firstChild.textContent = sentence;
  }

  // The parts of a message in the v1 websocket protocol (header, parent header, metadata,
  // content), or null for anything else.
  function messageParts(data) {
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
      return { header: part(1), content: part(4) };
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
      var message = messageParts(event.data);
      if (message === null) {
        return;
      }
      if (message.header.msg_type === "status" && STOPPED_STATES[message.content.execution_state]) {
        say();
      } else if (message.header.msg_type === "display_data" && message.content.data && message.content.data[NOTICE]) {
        tell(String(message.content.data[NOTICE].sentence || ""));
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
