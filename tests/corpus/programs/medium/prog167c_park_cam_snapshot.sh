#!/bin/sh
# Grabs a still from each park camera every few minutes for the
# "conditions right now" tile on the website (wet bowl, crowds, etc).
# The cameras use self-signed certificates from the installer.

set -u

CAMERAS="${CAMERAS:-bowl street mini}"
CAM_NET="${CAM_NET:-192.0.2}"
OUT_DIR="${OUT_DIR:-./public/conditions}"
STAGE="/tmp/parkcam_stage"
CAM_USER="${CAM_USER:-viewer}"
CAM_PASS="${CAM_PASS:-}"

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"
}

cam_address() {
    case "$1" in
        bowl)   echo "$CAM_NET.71" ;;
        street) echo "$CAM_NET.72" ;;
        mini)   echo "$CAM_NET.73" ;;
        *)      return 1 ;;
    esac
}

grab() {
    name="$1"
    addr="$(cam_address "$name")" || { log "unknown camera $name"; return 1; }
    url="https://$addr/cgi-bin/snapshot.cgi?channel=1"
    curl -k -sS --max-time 15 -u "$CAM_USER:$CAM_PASS" "$url" -o "$STAGE/$name.jpg"
}

looks_like_jpeg() {
    [ -s "$1" ] && head -c 3 "$1" | od -An -tx1 | grep -q 'ff d8 ff'
}

publish() {
    name="$1"
    src="$STAGE/$name.jpg"
    if looks_like_jpeg "$src"; then
        cp "$src" "$OUT_DIR/$name.jpg"
        date -u '+%Y-%m-%dT%H:%M:%SZ' > "$OUT_DIR/$name.updated"
        log "published $name"
    else
        log "bad image from $name, keeping old one"
    fi
}

main() {
    mkdir -p "$STAGE" "$OUT_DIR"
    ok=0
    fail=0
    for cam in $CAMERAS; do
        if grab "$cam"; then
            publish "$cam"
            ok=$((ok + 1))
        else
            log "could not reach $cam"
            fail=$((fail + 1))
        fi
    done
    rm -f "$STAGE"/*.jpg
    log "done: $ok ok, $fail failed"
    [ "$fail" -eq 0 ]
}

main "$@"
