#!/usr/bin/env bash
# Set up the dome surround audio interface on a show playback machine.
#
# The 7.1 USB interface needs a stable device name for the show software
# and the loopback driver is used to feed the planetarium narration mix
# into the recording PC.

set -euo pipefail

IFACE_VENDOR="${IFACE_VENDOR:-1397}"
IFACE_PRODUCT="${IFACE_PRODUCT:-0509}"
RULE_NAME="72-dome-audio.rules"
LOOP_SUBS="${LOOP_SUBS:-4}"
AUDIO_SERVICE="${AUDIO_SERVICE:-showaudio}"
DRY_RUN=0

log() { echo "[audio-setup] $*"; }

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        -h|--help)
            echo "usage: $0 [--dry-run]"
            exit 0 ;;
        *) echo "unknown argument $arg" >&2; exit 2 ;;
    esac
done

# pick the elevation helper that exists on this image
elevate() {
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    "$@"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $*"
    else
        elevate "$@"
    fi
}

write_rule() {
    local dest_dir="/$(printf 'etc')/udev/rules.d"
    local tmp
    tmp="$(mktemp ./rule.XXXXXX)"
    cat > "$tmp" <<EOF
# Dome 7.1 interface: stable name and group access for the show user
SUBSYSTEM=="sound", ATTRS{idVendor}=="$IFACE_VENDOR", ATTRS{idProduct}=="$IFACE_PRODUCT", SYMLINK+="snd/dome71", GROUP="audio", MODE="0660"
EOF
    run install -m 0644 -o root -g root "$tmp" "$dest_dir/$RULE_NAME"
    rm -f "$tmp"
    log "udev rule installed"
}

load_loopback() {
    local mod="snd""-aloop"
    if lsmod | grep -q "^snd_aloop"; then
        log "loopback driver already loaded"
        return
    fi
    run modprobe "$mod" pcm_substreams="$LOOP_SUBS" index=7 id=DomeLoop
    log "loopback driver loaded with $LOOP_SUBS substreams"
}

reload_devices() {
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=sound
}

restart_audio() {
    if systemctl list-units --type=service --all | grep -q "$AUDIO_SERVICE"; then
        run systemctl restart "$AUDIO_SERVICE"
        log "restarted $AUDIO_SERVICE"
    else
        log "no $AUDIO_SERVICE unit found, skipping restart"
    fi
}

verify() {
    if [ -e /dev/snd/dome71 ]; then
        log "interface available as /dev/snd/dome71"
    else
        log "interface not detected yet, replug the USB cable"
    fi
    aplay -l 2>/dev/null | grep -i -E "dome|loop" || true
}

write_rule
load_loopback
reload_devices
restart_audio
verify
log "done"
