// A stand-in for the `gapi.iframes` module of Google's script loader, which the loader's
// stand-in (gapi-stand-in.js) fetches as Google's loader does: a script at
// https://apis.google.com/_/scs/abc-static/_/js/k=gapi.lb.…/m=gapi_iframes/…/cb=gapi.loaded_0
// that hands its code to `gapi.loaded_0`. Served to the browser in tests only (no internet here).
// It gives Firebase Auth (on the page) and the Auth emulator's helper frame the one part they
// use: the page opens the helper frame, and the two register handlers and send each other
// messages (window.postMessage, with replies). The sign-in itself is the Auth emulator's own
// widget and REST API, untouched.
window.gapi.loaded_0(function () {
  'use strict';
  var tag = 'gapi-stand-in';
  var nextId = 1;

  /** One side of a channel between this window and `other` (the frame or the parent). */
  function Channel(other, origin) {
    var handlers = {};
    var waiting = new Map();
    var readyCallbacks = [];
    var ready = false;
    this.other = other;
    this.register = function (name, handler) {
      handlers[name] = handler;
    };
    this.send = function (name, data, callback) {
      var id = nextId++;
      if (callback) waiting.set(id, callback);
      other.postMessage({ tag: tag, kind: 'call', name: name, data: data, id: id }, origin);
    };
    this.onReady = function (callback) {
      if (ready) callback();
      else readyCallbacks.push(callback);
    };
    this.receive = function (message) {
      if (message.kind === 'ready') {
        ready = true;
        readyCallbacks.splice(0).forEach(function (callback) {
          callback();
        });
      } else if (message.kind === 'call') {
        var handler = handlers[message.name];
        // What the tests' sign-in report reads (e2e/account.spec.ts, recordSignInFlow).
        console.debug(
          'gapi-stand-in: ' + message.name + (handler ? '' : ' (no handler yet)') + ' at ' + location.origin,
        );
        var result = handler ? handler(message.data) : undefined;
        Promise.resolve(result).then(function (value) {
          other.postMessage({ tag: tag, kind: 'reply', id: message.id, results: [value] }, origin);
        });
      } else if (message.kind === 'reply' && waiting.has(message.id)) {
        var callback = waiting.get(message.id);
        waiting.delete(message.id);
        try {
          callback(message.results);
        } catch {
          // As with Google's loader, a callback that throws does not break the channel.
        }
      }
    };
  }

  var channels = [];
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message.tag !== tag) return;
    var known = channels.filter(function (channel) {
      return channel.other === event.source;
    });
    if (known.length === 0)
      console.debug('gapi-stand-in: a ' + message.kind + ' from no open channel at ' + location.origin);
    known.forEach(function (channel) {
      channel.receive(message);
    });
  });

  function open(options, callback) {
    var frame = document.createElement('iframe');
    var attributes = options.attributes || {};
    Object.keys(attributes).forEach(function (name) {
      if (name === 'style') Object.assign(frame.style, attributes.style);
      else frame.setAttribute(name, attributes[name]);
    });
    frame.src = options.url;
    (options.where || document.body).appendChild(frame);
    var channel = new Channel(frame.contentWindow, new URL(options.url, location.href).origin);
    channels.push(channel);
    var iframe = {
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (callback) {
        return new Promise(function (resolve) {
          channel.onReady(function () {
            if (callback) callback();
            resolve([]);
          });
        });
      },
      register: channel.register,
      send: channel.send,
      getIframeEl: function () {
        return frame;
      },
    };
    return callback ? callback(iframe) : iframe;
  }

  function getParentIframe() {
    var channel = new Channel(window.parent, '*');
    channels.push(channel);
    window.parent.postMessage({ tag: tag, kind: 'ready' }, '*');
    return { register: channel.register, send: channel.send };
  }

  var context = { open: open, getParentIframe: getParentIframe };
  window.gapi.iframes = {
    Iframe: function () {},
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
    getContext: function () {
      return context;
    },
  };
});
