#!/usr/bin/env bash
# pod_nfs_archive.sh
#
# Nightly archive of proof-of-delivery photos from a depot PC to the
# regional NAS. Photos older than KEEP_DAYS are packed into one tarball per
# delivery day, copied to the NAS export, verified and then removed locally.
#
# Settings come from ./pod_archive.env (KEY=value) or the environment:
#   POD_DIR=./pod_photos
#   NAS_EXPORT=nas01.region.example.net:/export/pod
#   DEPOT=LDN-04
#   KEEP_DAYS=14

set -euo pipefail

[[ -f ./pod_archive.env ]] && set -a && . ./pod_archive.env && set +a

POD_DIR="${POD_DIR:-./pod_photos}"
NAS_EXPORT="${NAS_EXPORT:-nas01.region.example.net:/export/pod}"
MNT="${MNT:-/mnt/pod-archive}"
DEPOT="${DEPOT:-$(hostname -s)}"
KEEP_DAYS="${KEEP_DAYS:-14}"
STAGE=/tmp/pod_archive
MOUNTED_HERE=0

log()  { logger -t pod_archive -- "$*" 2>/dev/null || true; echo "[$(date +%T)] $*"; }
fail() { log "ERROR: $*"; exit 1; }

mount_nas() {
    if mountpoint -q "$MNT"; then
        log "$MNT already mounted"
        return
    fi
    sudo mkdir -p "$MNT"
    sudo mount -t nfs -o vers=4.1,rw,noexec,nosuid,soft,timeo=150 "$NAS_EXPORT" "$MNT" \
        || fail "could not mount $NAS_EXPORT"
    MOUNTED_HERE=1
    log "mounted $NAS_EXPORT on $MNT"
}

unmount_nas() {
    if [[ "$MOUNTED_HERE" -eq 1 ]]; then
        sync
        sudo umount "$MNT" && log "unmounted $MNT" || log "umount of $MNT failed"
    fi
}

group_by_day() {
    # prints "YYYY-MM-DD<TAB>path" for photos older than KEEP_DAYS
    find "$POD_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.heic' \) \
        -mtime +"$KEEP_DAYS" -printf '%TY-%Tm-%Td\t%p\n' | sort
}

pack_day() {
    local day="$1" list="$2" tarball="$STAGE/${DEPOT}_${day}.tar.gz"
    tar -czf "$tarball" -T "$list" --transform 's,^.*/,,' \
        || { log "tar failed for $day"; return 1; }
    sha256sum "$tarball" | awk '{print $1}' >"$tarball.sha256"
    echo "$tarball"
}

ship() {
    local tarball="$1" day="$2" dest="$MNT/$DEPOT/${day:0:7}"
    mkdir -p "$dest"
    cp "$tarball" "$tarball.sha256" "$dest/"
    local want got
    want="$(cat "$tarball.sha256")"
    got="$(sha256sum "$dest/$(basename "$tarball")" | awk '{print $1}')"
    [[ "$want" == "$got" ]]
}

main() {
    [[ -d "$POD_DIR" ]] || fail "$POD_DIR does not exist"
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    trap 'unmount_nas; rm -rf "$STAGE"' EXIT

    group_by_day >"$STAGE/index.tsv"
    if [[ ! -s "$STAGE/index.tsv" ]]; then
        log "nothing older than $KEEP_DAYS days"
        return 0
    fi

    mount_nas
    local day shipped=0 failed=0
    for day in $(cut -f1 "$STAGE/index.tsv" | uniq); do
        awk -F'\t' -v d="$day" '$1==d{print $2}' "$STAGE/index.tsv" >"$STAGE/$day.list"
        tarball="$(pack_day "$day" "$STAGE/$day.list")" || { failed=$((failed+1)); continue; }
        if ship "$tarball" "$day"; then
            xargs -d '\n' rm -f <"$STAGE/$day.list"
            shipped=$((shipped + $(wc -l <"$STAGE/$day.list")))
            log "$day archived"
        else
            failed=$((failed + 1))
            log "$day checksum mismatch on NAS, originals kept"
        fi
    done
    log "archived $shipped photos, $failed day(s) failed"
    [[ "$failed" -eq 0 ]]
}

main "$@"
