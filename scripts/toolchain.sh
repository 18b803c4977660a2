#!/usr/bin/env bash
# Makes sure of the tools every project command needs, then runs the command given.
#
#   bash scripts/toolchain.sh <command> [args...]
#
# - Node.js 22: the host's node when it is 22 or newer, else a Node 22 from the npm registry
#   installed once under .tools/ (the `node` package ships a real binary).
# - Java 21+ for the Firestore emulator: JAVA_HOME, then `java` on PATH, then the newest
#   JDK under /usr/lib/jvm.
# - The Firestore emulator: firebase-tools' own download when it is cached or can be had,
#   else the Google Cloud CLI's emulator jar through a small launcher jar.
# - npm dependencies: installed with that Node when missing or out of date.
# Each failure prints one line saying what is missing and how to get it.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools="$root/.tools"
mkdir -p "$tools"

fail() { printf '\n✖ %s\n' "$*" >&2; exit 1; }
note() { printf '• %s\n' "$*" >&2; }

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# --- Node.js 22 -----------------------------------------------------------------------------
want_node=$(tr -dc '0-9' <"$root/.nvmrc")
if command -v node >/dev/null && [ "$(node_major node)" -ge "$want_node" ]; then
  :
else
  local_node="$tools/node$want_node/node_modules/node/bin"
  if [ ! -x "$local_node/node" ] || [ "$(node_major "$local_node/node")" -lt "$want_node" ]; then
    command -v npm >/dev/null || fail "Node.js $want_node is needed and npm is not available to fetch it: install Node.js $want_node (https://nodejs.org)."
    note "host Node.js is $(node -v 2>/dev/null || echo missing); installing Node.js $want_node from the npm registry into .tools/ (once)"
    npm install --silent --no-audit --no-fund --prefix "$tools/node$want_node" "node@$want_node" >/dev/null 2>&1 \
      || fail "Node.js $want_node is needed: the host has $(node -v 2>/dev/null || echo none) and 'npm install node@$want_node' failed; install Node.js $want_node."
  fi
  export PATH="$local_node:$PATH"
fi

# --- Java 21+ ---------------------------------------------------------------------------------
want_java=21
java_major() {
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | cut -d. -f1
}
java_ok() { [ -x "$1" ] && [ "$(java_major "$1" || echo 0)" -ge "$want_java" ] 2>/dev/null; }
java_bin=""
if [ -n "${JAVA_HOME:-}" ] && java_ok "$JAVA_HOME/bin/java"; then
  java_bin="$JAVA_HOME/bin/java"
elif command -v java >/dev/null && java_ok "$(command -v java)"; then
  java_bin=$(command -v java)
else
  best=0
  for candidate in /usr/lib/jvm/*/bin/java /opt/*/bin/java /opt/*/*/bin/java; do
    [ -x "$candidate" ] || continue
    major=$(java_major "$candidate" || echo 0)
    if [ "${major:-0}" -ge "$want_java" ] && [ "$major" -gt "$best" ]; then best=$major; java_bin=$candidate; fi
  done
fi
if [ -n "$java_bin" ]; then
  java_home=$(cd "$(dirname "$(readlink -f "$java_bin")")/.." && pwd)
  export JAVA_HOME="$java_home" PATH="$java_home/bin:$PATH"
else
  fail "Java $want_java or newer is needed for the Firestore emulator and none was found (JAVA_HOME, PATH, /usr/lib/jvm): install a JDK $want_java+ (for example Temurin) and set JAVA_HOME."
fi

# --- npm dependencies -------------------------------------------------------------------------
# Reinstall when the lockfile or the Node major changed since the last install.
stamp="$root/node_modules/.install-stamp"
want_stamp="node$(node_major node) $(sha1sum "$root/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want_stamp" ]; then
  note "installing npm dependencies with Node.js $(node -v)"
  (cd "$root" && npm ci --no-audit --no-fund --loglevel=error) || fail "'npm ci' failed: see the npm output above."
  echo "$want_stamp" >"$stamp"
fi

# --- Firestore emulator -----------------------------------------------------------------------
# firebase-tools downloads its own jar into ~/.cache/firebase/emulators. Where that cannot be
# had (no internet), the Google Cloud CLI's component serves: its jar has no Main-Class, so a
# launcher jar whose manifest names the class and puts the real jar on the class path is used.
if [ -z "${FIRESTORE_EMULATOR_BINARY_PATH:-}" ] && ! ls "$HOME"/.cache/firebase/emulators/cloud-firestore-emulator-*.jar >/dev/null 2>&1; then
  gcloud_jar=""
  for sdk in "${CLOUDSDK_ROOT_DIR:-}" /usr/lib/google-cloud-sdk /usr/share/google-cloud-sdk /opt/google-cloud-sdk "$HOME/google-cloud-sdk"; do
    if [ -n "$sdk" ] && [ -f "$sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar" ]; then
      gcloud_jar="$sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar"; break
    fi
  done
  if [ -n "$gcloud_jar" ]; then
    launcher="$tools/firestore-emulator-launcher.jar"
    if [ ! -f "$launcher" ] || [ "$gcloud_jar" -nt "$launcher" ]; then
      manifest=$(mktemp)
      printf 'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\nClass-Path: file:%s\n' "$gcloud_jar" >"$manifest"
      "$JAVA_HOME/bin/jar" cfm "$launcher" "$manifest" 2>/dev/null \
        || fail "could not build the Firestore emulator launcher jar with $JAVA_HOME/bin/jar."
      rm -f "$manifest"
    fi
    export FIRESTORE_EMULATOR_BINARY_PATH="$launcher"
  elif ! (cd "$root" && timeout 120 npx --no-install firebase setup:emulators:firestore >/dev/null 2>&1); then
    fail "the Firestore emulator is needed and could not be downloaded (offline?) nor found in a Google Cloud CLI install: install it with 'gcloud components install cloud-firestore-emulator' or run once with internet."
  fi
fi

export PATH="$root/node_modules/.bin:$PATH"
[ $# -gt 0 ] && exec "$@"
