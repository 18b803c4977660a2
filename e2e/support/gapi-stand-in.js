// A stand-in for Google's script loader at https://apis.google.com/js/api.js, served to the
// browser in tests only: these machines have no internet, and both Firebase Auth (on the page)
// and the Auth emulator's helper frame load that script to talk to each other across origins.
// Like Google's loader it is small and fetches what it is asked for: `gapi.load('gapi.iframes')`
// adds the module's script from the loader's static folder on apis.google.com, at an address of
// the form Google's loader uses (gapi-iframes-stand-in.js is what is served there). So the page's
// Content-Security-Policy meets both scripts the real sign-in loads, at the addresses it loads
// them from, and a policy without either fails the sign-in tests.
(function () {
  'use strict';
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : 'https://apis.google.com';
  // The version parts of the name (`en.stand-in.O`, `rs=stand-in`) change with Google's releases.
  var modulePath =
    '/_/scs/abc-static/_/js/k=gapi.lb.en.stand-in.O/m=gapi_iframes/rt=j/sv=1/d=1/ed=1/rs=stand-in/cb=gapi.loaded_0';
  var waiting = [];
  var requested = false;

  window.gapi = window.gapi || {};
  // The module's script calls this with its code, as Google's do (`cb=gapi.loaded_0`).
  window.gapi.loaded_0 = function (module) {
    module();
    waiting.splice(0).forEach(function (caller) {
      if (caller.done) caller.done();
    });
  };
  window.gapi.load = function (name, options) {
    var done = typeof options === 'function' ? options : options && options.callback;
    var failed = options && typeof options === 'object' ? options.ontimeout || options.onerror : undefined;
    if (window.gapi.iframes) {
      setTimeout(function () {
        if (done) done();
      }, 0);
      return;
    }
    waiting.push({ done: done, failed: failed });
    if (requested) return;
    requested = true;
    var element = document.createElement('script');
    element.src = origin + modulePath + '?le=scs';
    element.async = true;
    // Blocked (a policy without the loader's folder) or not served: the callers fail at once,
    // where Google's loader would let them wait for their time-out.
    element.onerror = function () {
      requested = false;
      console.debug('gapi-stand-in: the gapi.iframes module did not load at ' + location.origin);
      waiting.splice(0).forEach(function (caller) {
        if (caller.failed) caller.failed();
      });
    };
    (document.head || document.documentElement).appendChild(element);
  };

  // The loader's own "onload" hooks: `?onload=name` (Firebase Auth) and `gapi_onload` (the
  // Auth emulator's helper frame).
  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
