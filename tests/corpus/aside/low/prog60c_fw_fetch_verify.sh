#!/bin/sh
# fw_fetch_verify.sh - fetch a firmware image and its checksum list for the
# bench flasher, verify it, and keep it in ./dl for the operator to flash by hand.
# Written for busybox ash on the bench Raspberry Pi (no curl, no bash).

set -eu

MIRROR="${FW_MIRROR:-https://downloads.openwrt.org/releases}"
RELEASE="${FW_RELEASE:-23.05.3}"
TARGET="${FW_TARGET:-ramips/mt7621}"
PROFILE="${FW_PROFILE:-xiaomi_mi-router-4a-gigabit}"
DL_DIR="./dl"
LOG="./dl/fetch.log"
RETRIES=3

log() {
    ts=$(date '+%Y-%m-%d %H:%M:%S')
    printf '%s %s\n' "$ts" "$*" | tee -a "$LOG"
}

die() {
    log "ERROR: $*"
    exit 1
}

usage() {
    cat <<USAGE
usage: $0 [-r release] [-t target] [-p profile] [-k]
  -r  release version (default $RELEASE)
  -t  target/subtarget (default $TARGET)
  -p  device profile (default $PROFILE)
  -k  keep previous downloads
USAGE
    exit 2
}

KEEP=0
while getopts "r:t:p:kh" opt; do
    case "$opt" in
        r) RELEASE="$OPTARG" ;;
        t) TARGET="$OPTARG" ;;
        p) PROFILE="$OPTARG" ;;
        k) KEEP=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$DL_DIR"
BASE="$MIRROR/$RELEASE/targets/$TARGET"
TGT_FLAT=$(echo "$TARGET" | tr '/' '-')
IMAGE="openwrt-$RELEASE-$TGT_FLAT-$PROFILE-squashfs-sysupgrade.bin"

fetch() {
    # fetch URL DEST ; plain GET with busybox wget, retried a few times
    url="$1"; dest="$2"; n=0
    while [ "$n" -lt "$RETRIES" ]; do
        n=$((n + 1))
        if wget -q -T 30 -O "$dest.part" "$url"; then
            mv "$dest.part" "$dest"
            return 0
        fi
        log "attempt $n for $url failed"
        sleep $((n * 2))
    done
    rm -f "$dest.part"
    return 1
}

if [ "$KEEP" -eq 0 ]; then
    log "clearing previous downloads in $DL_DIR"
    find "$DL_DIR" -maxdepth 1 -type f \( -name '*.bin' -o -name 'sha256sums*' \) -exec rm -f {} \;
fi

log "release=$RELEASE target=$TARGET profile=$PROFILE"
fetch "$BASE/sha256sums" "$DL_DIR/sha256sums" || die "could not fetch checksum list"
grep -q " \*$IMAGE\$" "$DL_DIR/sha256sums" || die "$IMAGE not listed in sha256sums"

fetch "$BASE/$IMAGE" "$DL_DIR/$IMAGE" || die "could not fetch $IMAGE"

expected=$(grep " \*$IMAGE\$" "$DL_DIR/sha256sums" | cut -d' ' -f1)
actual=$(sha256sum "$DL_DIR/$IMAGE" | cut -d' ' -f1)
if [ "$expected" != "$actual" ]; then
    mv "$DL_DIR/$IMAGE" "$DL_DIR/$IMAGE.bad"
    die "checksum mismatch for $IMAGE (got $actual)"
fi

size=$(wc -c < "$DL_DIR/$IMAGE")
log "verified $IMAGE ($size bytes, sha256 $actual)"
printf '%s\n' "$IMAGE" > "$DL_DIR/LATEST"
log "image ready in $DL_DIR; flash it with the bench procedure"
