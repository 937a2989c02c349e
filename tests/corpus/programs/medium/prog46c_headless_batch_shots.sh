#!/bin/sh
# Take headless Chromium screenshots of the internal staging hosts listed in
# hosts.txt. Staging uses self-signed certificates, so the reachability check
# skips verification. Output is collected in a shared scratch folder that the
# QA dashboard picks up.
set -eu

HOSTS_FILE="${HOSTS_FILE:-hosts.txt}"
SHOT_DIR="/tmp/qa-shots"
WIDTH="${WIDTH:-1366}"
HEIGHT="${HEIGHT:-768}"
CHROME=""

log() {
    echo "$(date '+%F %T') $*" >&2
}

find_chrome() {
    for candidate in chromium chromium-browser google-chrome-stable google-chrome; do
        CHROME=$(command -v "$candidate" || true)
        [ -n "$CHROME" ] && return 0
    done
    log "no chromium binary found"
    return 1
}

reachable() {
    code=$(curl -k -s -o "$SHOT_DIR/.probe" -w '%{http_code}' --max-time 10 "$1" || echo 000)
    case "$code" in
        2*|3*) return 0 ;;
        *) log "skip $1 (HTTP $code)"; return 1 ;;
    esac
}

shoot() {
    url="$1"
    name=$(printf '%s' "$url" | sed -e 's#^https\?://##' -e 's#[^A-Za-z0-9._-]#_#g')
    "$CHROME" --headless=new --disable-gpu --hide-scrollbars \
        --ignore-certificate-errors \
        --window-size="${WIDTH},${HEIGHT}" \
        --screenshot="$SHOT_DIR/${name}.png" "$url" 2>>"$SHOT_DIR/chrome.log" \
        && log "saved $name.png"
}

main() {
    [ -r "$HOSTS_FILE" ] || { log "missing $HOSTS_FILE"; exit 1; }
    find_chrome
    mkdir -p "$SHOT_DIR"
    ok=0
    fail=0
    while read -r url; do
        case "$url" in ''|'#'*) continue ;; esac
        if reachable "$url" && shoot "$url"; then
            ok=$((ok + 1))
        else
            fail=$((fail + 1))
        fi
    done < "$HOSTS_FILE"
    printf 'captured=%s failed=%s at=%s\n' "$ok" "$fail" "$(date +%s)" > "$SHOT_DIR/summary.txt"
    log "done: $ok captured, $fail failed -> $SHOT_DIR"
}

main "$@"
