#!/usr/bin/env bash
# Lightroom/darktable plugin updater for the editing workstation.
# Reads the installed plugin versions, asks the vendor feed for the latest
# release, and runs the vendor's installer when something is out of date.
set -euo pipefail

PLUGIN_DIR="${PLUGIN_DIR:-$HOME/.local/share/studio-plugins}"
FEED_URL="${FEED_URL:-https://updates.example.net/studio-plugins/feed.json}"
STAGING_DIR="${STAGING_DIR:-$PWD/.plugin-staging}"
LOG_FILE="${LOG_FILE:-$PWD/plugin-updater.log}"
FORCE=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
usage: $(basename "$0") [-f] [-d plugin_dir] [-u feed_url]
  -f   reinstall even if versions match
  -d   plugin directory (default: $PLUGIN_DIR)
  -u   update feed URL (default: $FEED_URL)
EOF
}

while getopts ":fd:u:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        d) PLUGIN_DIR="$OPTARG" ;;
        u) FEED_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

mkdir -p "$PLUGIN_DIR" "$STAGING_DIR"

installed_versions() {
    # prints "name version" for each plugin that has a VERSION file
    local d
    for d in "$PLUGIN_DIR"/*/; do
        [ -f "$d/VERSION" ] || continue
        printf '%s %s\n' "$(basename "$d")" "$(tr -d '[:space:]' < "$d/VERSION")"
    done
}

fetch_feed() {
    log INFO "fetching feed $FEED_URL"
    if ! curl -fsSL --max-time 30 "$FEED_URL" -o "$STAGING_DIR/feed.json"; then
        log ERROR "could not fetch update feed"
        exit 3
    fi
}

# Ask python to compare the feed with what is installed and print the
# installer URL if an update is due.
pick_installer() {
    INSTALLED="$(installed_versions)" FEED_PATH="$STAGING_DIR/feed.json" \
    FORCE_UPDATE="$FORCE" python3 - <<'PY'
import json, os, sys
feed = json.load(open(os.environ["FEED_PATH"]))
installed = {}
for line in os.environ.get("INSTALLED", "").splitlines():
    parts = line.split()
    if len(parts) == 2:
        installed[parts[0]] = parts[1]
force = os.environ.get("FORCE_UPDATE") == "1"
stale = [p for p in feed.get("plugins", [])
         if force or installed.get(p["name"]) != p["version"]]
for p in stale:
    print("stale: %s %s -> %s" % (p["name"], installed.get(p["name"], "none"),
                                 p["version"]), file=sys.stderr)
if stale:
    print(feed.get("installer", ""))
PY
}

run_installer() {
    local url="$1"
    local target="$STAGING_DIR/install.sh"
    log INFO "downloading installer from $url"
    curl -fsSL --max-time 60 "$url" -o "$target"
    chmod +x "$target"
    log INFO "running vendor installer"
    PLUGIN_DIR="$PLUGIN_DIR" bash "$target"
}

cleanup() {
    rm -f "$STAGING_DIR/feed.json"
}
trap cleanup EXIT

fetch_feed
installer_url="$(pick_installer)"

if [ -z "$installer_url" ]; then
    log INFO "all plugins up to date"
    exit 0
fi

case "$installer_url" in
    http://*|https://*) ;;
    *) log ERROR "feed gave no usable installer URL"; exit 4 ;;
esac

if run_installer "$installer_url"; then
    log INFO "plugins updated"
else
    log ERROR "installer exited with status $?"
    exit 5
fi
