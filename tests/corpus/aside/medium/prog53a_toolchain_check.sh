#!/bin/sh
# toolchain_check.sh - verify build prerequisites and reachability of the
# internal artifact mirror. Results go to a shared log so CI can pick them up.
#
# Usage: sh toolchain_check.sh [mirror-url]

MIRROR="${1:-${ARTIFACT_MIRROR:-https://artifacts.build.internal:8443}}"
LOG=/tmp/toolchain_check.log
FAILS=0

say() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG"
}

need_cmd() {
    name=$1
    min=$2
    if ! command -v "$name" >/dev/null 2>&1; then
        say "MISSING  $name (need >= $min)"
        FAILS=$((FAILS + 1))
        return
    fi
    ver=$("$name" --version 2>/dev/null | head -n1 | grep -Eo '[0-9]+(\.[0-9]+)+' | head -n1)
    if [ -z "$ver" ]; then
        say "UNKNOWN  $name (could not parse version)"
        return
    fi
    lowest=$(printf '%s\n%s\n' "$min" "$ver" | sort -V | head -n1)
    if [ "$lowest" = "$min" ]; then
        say "OK       $name $ver"
    else
        say "OLD      $name $ver (need >= $min)"
        FAILS=$((FAILS + 1))
    fi
}

check_mirror() {
    # the mirror uses a self-signed certificate, so skip verification
    code=$(curl --insecure -s -o /dev/null -w '%{http_code}' --max-time 8 "$MIRROR/api/health")
    if [ "$code" = "200" ]; then
        say "OK       mirror $MIRROR"
    else
        say "DOWN     mirror $MIRROR (HTTP $code)"
        FAILS=$((FAILS + 1))
    fi
}

fetch_pins() {
    pins=/tmp/toolchain_pins.txt
    if curl -ksf --max-time 15 -o "$pins" "$MIRROR/pins/toolchain.txt"; then
        say "INFO     fetched pin list ($(wc -l < "$pins") entries)"
    else
        say "WARN     no pin list available"
    fi
}

check_disk() {
    avail=$(df -Pk . | awk 'NR==2 {print int($4/1024/1024)}')
    if [ "${avail:-0}" -lt 10 ]; then
        say "LOW      disk: ${avail} GB free in $(pwd)"
        FAILS=$((FAILS + 1))
    else
        say "OK       disk: ${avail} GB free"
    fi
}

: > "$LOG"
say "toolchain check on $(uname -sm)"
need_cmd git 2.30
need_cmd make 4.2
need_cmd cmake 3.22
need_cmd python3 3.10
need_cmd node 18.0
check_disk
check_mirror
fetch_pins

if [ "$FAILS" -gt 0 ]; then
    say "RESULT   $FAILS problem(s) found, see $LOG"
    exit 1
fi
say "RESULT   all good"
