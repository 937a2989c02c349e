#!/usr/bin/env bash
# Prepare a host for a power/thermal diagnostics session: load the msr and
# cpuid drivers, mount debugfs and tracefs, and let the diagnostics group read
# the MSR device nodes so turbostat can run without root afterwards.
set -eu

DIAG_GROUP="${DIAG_GROUP:-powerdiag}"
OUT_DIR="${OUT_DIR:-./power-diag}"
MODULES="msr cpuid intel_rapl_msr"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

[ "$(id -u)" -eq 0 ] || die "run as root (sudo $0)"

load_modules() {
    for m in $MODULES; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            info "$m already loaded"
        elif modprobe "$m" 2>/dev/null; then
            info "loaded $m"
        else
            echo "warning: could not load $m" >&2
        fi
    done
}

mount_fs() {
    local fstype="$1" target="$2"
    if mountpoint -q "$target"; then
        info "$target already mounted"
        return
    fi
    mkdir -p "$target"
    mount -t "$fstype" "$fstype" "$target" && info "mounted $fstype on $target"
}

grant_msr_access() {
    getent group "$DIAG_GROUP" >/dev/null || groupadd --system "$DIAG_GROUP"
    local n=0
    for node in /dev/cpu/*/msr; do
        [ -e "$node" ] || continue
        chgrp "$DIAG_GROUP" "$node"
        chmod 0640 "$node"
        n=$((n + 1))
    done
    info "granted $DIAG_GROUP read access to $n MSR node(s)"
    if command -v setcap >/dev/null && command -v turbostat >/dev/null; then
        setcap cap_sys_rawio,cap_sys_admin=ep "$(command -v turbostat)"
        info "turbostat given raw-io capability"
    fi
}

snapshot() {
    mkdir -p "$OUT_DIR"
    cat /sys/class/thermal/thermal_zone*/temp > "$OUT_DIR/thermal_zones.txt" 2>/dev/null || true
    grep -H . /sys/class/powercap/intel-rapl:*/name > "$OUT_DIR/rapl_domains.txt" 2>/dev/null || true
    if command -v turbostat >/dev/null; then
        timeout 15 turbostat --quiet --num_iterations 3 --interval 5 > "$OUT_DIR/turbostat.txt" 2>&1 || true
    fi
    info "snapshot stored in $OUT_DIR"
}

load_modules
mount_fs debugfs /sys/kernel/debug
mount_fs tracefs /sys/kernel/tracing
grant_msr_access
snapshot
info "add users to '$DIAG_GROUP' to let them run turbostat"
