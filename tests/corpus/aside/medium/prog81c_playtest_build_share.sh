#!/usr/bin/env bash
# Share the latest packaged playtest build on the office LAN.
#
# Finds the newest packaged build under Saved/StagedBuilds (or the directory
# given), zips each platform folder, writes a small index page with build
# info and checksums, and serves the share directory so QA machines can grab
# it from http://<this-host>:8765/ without waiting for the store branch.
#
#   playtest_build_share.sh [-p port] [-d builds_dir] [--no-serve]

set -euo pipefail

PORT=8765
BUILDS_DIR="Saved/StagedBuilds"
SHARE_DIR="Saved/PlaytestShare"
SERVE=1

while getopts ":p:d:-:" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        d) BUILDS_DIR="$OPTARG" ;;
        -) [[ "$OPTARG" == "no-serve" ]] && SERVE=0 ;;
        *) echo "usage: $0 [-p port] [-d builds_dir] [--no-serve]" >&2; exit 2 ;;
    esac
done

note() { echo "[share] $*"; }

[[ -d "$BUILDS_DIR" ]] || { note "no builds in $BUILDS_DIR"; exit 1; }

latest_build() {
    # builds are named <branch>-<changelist>; newest by mtime
    find "$BUILDS_DIR" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %p\n' \
        | sort -nr | head -n1 | cut -d' ' -f2-
}

package_platforms() {
    local build="$1" out="$2" plat name
    for plat in "$build"/*/; do
        [[ -d "$plat" ]] || continue
        name="$(basename "$build")-$(basename "$plat").zip"
        if [[ -f "$out/$name" ]]; then
            note "$name already packaged"
            continue
        fi
        note "zipping $(basename "$plat")"
        (cd "$plat" && zip -qr9 "$OLDPWD/$out/$name.part" .)
        mv "$out/$name.part" "$out/$name"
    done
}

write_index() {
    local build="$1" out="$2" f
    {
        echo "<!doctype html><meta charset=utf-8><title>Playtest $(basename "$build")</title>"
        echo "<h1>Playtest build $(basename "$build")</h1>"
        echo "<p>Packaged $(date '+%Y-%m-%d %H:%M') on $(hostname)</p><ul>"
        for f in "$out"/*.zip; do
            [[ -e "$f" ]] || continue
            printf '<li><a href="%s">%s</a> (%s) <code>%s</code></li>\n' \
                "$(basename "$f")" "$(basename "$f")" "$(du -h "$f" | cut -f1)" \
                "$(sha256sum "$f" | cut -c1-16)"
        done
        echo "</ul>"
    } > "$out/index.html"
}

prune_old() {
    # keep the three most recent zips per platform
    local out="$1"
    ls -1t "$out"/*.zip 2>/dev/null | awk -F- '{p=$NF; if (++seen[p] > 3) print}' | xargs -r rm -f
}

main() {
    local build
    build="$(latest_build)"
    [[ -n "$build" ]] || { note "nothing to share"; exit 1; }
    mkdir -p "$SHARE_DIR"
    note "latest build: $(basename "$build")"
    package_platforms "$build" "$SHARE_DIR"
    prune_old "$SHARE_DIR"
    write_index "$build" "$SHARE_DIR"

    if [[ $SERVE -eq 0 ]]; then
        note "packaged into $SHARE_DIR (not serving)"
        return
    fi
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    note "serving $SHARE_DIR at http://${ip:-localhost}:$PORT/  (Ctrl-C to stop)"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR"
}

main
