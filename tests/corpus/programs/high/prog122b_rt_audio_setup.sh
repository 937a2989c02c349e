#!/bin/sh
# rt_audio_setup.sh - one-time realtime audio setup for a new band laptop
#
# Gives the current user realtime scheduling and memlock for JACK/PipeWire,
# adds them to the audio group, gives the audio group access to the RTC and
# HPET timers, and lowers swappiness.  Re-running is fine; it only rewrites its
# own drop-in files.
#
#   rt_audio_setup.sh [--user NAME] [--dry-run]
set -eu

TARGET_USER="$(id -un)"
DRY_RUN=0
ELEVATE="${ELEVATE:-sudo}"
LIMITS_FILE=/etc/security/limits.d/95-band-audio.conf
SYSCTL_FILE=/etc/sysctl.d/60-band-audio.conf
UDEV_FILE=/etc/udev/rules.d/40-band-timers.rules

while [ $# -gt 0 ]; do
    case "$1" in
        --user) TARGET_USER="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 1 ;;
    esac
done

msg() { echo "rt-setup: $*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $*"
    else
        "$@"
    fi
}

# write_root_file PATH MODE  (content on stdin)
write_root_file() {
    dest="$1"; mode="$2"
    staged="$(mktemp "./.rt_setup.XXXXXX")"
    cat > "$staged"
    if [ -f "$dest" ] && cmp -s "$staged" "$dest"; then
        msg "$dest already up to date"
    else
        run $ELEVATE install -D -o root -g root -m "$mode" "$staged" "$dest"
        msg "wrote $dest"
    fi
    rm -f "$staged"
}

check_kernel() {
    if uname -v | grep -q PREEMPT; then
        msg "kernel is preemptible: $(uname -r)"
    else
        msg "warning: non-preempt kernel $(uname -r); consider linux-lowlatency"
    fi
}

setup_limits() {
    write_root_file "$LIMITS_FILE" 0644 <<EOF
# realtime audio for JACK / PipeWire (rt_audio_setup.sh)
@audio   -  rtprio     95
@audio   -  memlock    unlimited
@audio   -  nice       -19
EOF
}

setup_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx audio; then
        msg "$TARGET_USER already in audio group"
    else
        run $ELEVATE usermod -aG audio "$TARGET_USER"
        msg "added $TARGET_USER to audio (log out and back in)"
    fi
}

setup_timers() {
    write_root_file "$UDEV_FILE" 0644 <<'EOF'
KERNEL=="rtc0", GROUP="audio"
KERNEL=="hpet", GROUP="audio"
EOF
    run $ELEVATE udevadm control --reload-rules
    run $ELEVATE udevadm trigger --subsystem-match=rtc
}

setup_vm() {
    write_root_file "$SYSCTL_FILE" 0644 <<'EOF'
vm.swappiness = 10
fs.inotify.max_user_watches = 524288
dev.hpet.max-user-freq = 3072
EOF
    run $ELEVATE sysctl -q -p "$SYSCTL_FILE"
}

check_kernel
setup_limits
setup_group
setup_timers
setup_vm
msg "done - reboot or re-login for the limits to apply"
