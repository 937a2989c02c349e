#!/usr/bin/env bash
# grader_sandbox_setup.sh - prepare isolated run accounts for the autograder.
#
# Creates N unprivileged "gradeNN" system users with no login shell, a
# size-limited tmpfs scratch area for each, and a shared read-only tests
# directory.  Run once per grading host by the course staff account,
# which must be allowed to use sudo.
#
# usage: grader_sandbox_setup.sh [-n COUNT] [-s SIZE] [--teardown]

set -euo pipefail

COUNT=8
SCRATCH_SIZE="256m"
BASE="/srv/autograder"
GROUP="graders"
TEARDOWN=0

log() { printf '%s %s\n' "$(date -Is)" "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -n) COUNT="$2"; shift ;;
        -s) SCRATCH_SIZE="$2"; shift ;;
        --teardown) TEARDOWN=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

if ! sudo -n true 2>/dev/null; then
    echo "this script needs passwordless sudo for the staff account" >&2
    exit 1
fi

user_name() { printf 'grade%02d' "$1"; }

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        sudo groupadd --system "$GROUP"
        log "created group $GROUP"
    fi
}

create_user() {
    local u="$1"
    if id "$u" >/dev/null 2>&1; then
        log "user $u exists"
        return
    fi
    sudo useradd --system --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin --gid "$GROUP" "$u"
    log "created user $u"
}

mount_scratch() {
    local u="$1"
    local dir="$BASE/scratch/$u"
    sudo mkdir -p "$dir"
    if ! mountpoint -q "$dir"; then
        sudo mount -t tmpfs -o "size=${SCRATCH_SIZE},mode=0700,nosuid,nodev,noexec" tmpfs "$dir"
    fi
    sudo chown "$u:$GROUP" "$dir"
    log "scratch for $u mounted at $dir ($SCRATCH_SIZE)"
}

setup_tests_dir() {
    sudo mkdir -p "$BASE/tests"
    sudo chown root:"$GROUP" "$BASE/tests"
    sudo chmod 0750 "$BASE/tests"
}

teardown() {
    for i in $(seq 1 "$COUNT"); do
        local u dir
        u="$(user_name "$i")"
        dir="$BASE/scratch/$u"
        if mountpoint -q "$dir"; then
            sudo umount "$dir"
            log "unmounted $dir"
        fi
        if id "$u" >/dev/null 2>&1; then
            sudo userdel "$u"
            log "removed user $u"
        fi
    done
}

if [ "$TEARDOWN" -eq 1 ]; then
    teardown
    exit 0
fi

ensure_group
setup_tests_dir
for i in $(seq 1 "$COUNT"); do
    u="$(user_name "$i")"
    create_user "$u"
    mount_scratch "$u"
done

log "sandbox ready: $COUNT users in group $GROUP under $BASE"
