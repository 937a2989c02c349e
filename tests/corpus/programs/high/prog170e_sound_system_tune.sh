#!/usr/bin/env bash
# Tune the rink sound PC for low-latency playback during sessions.
# Applies kernel and realtime-limit settings the DJ software vendor
# recommends, then restarts the audio services.
set -euo pipefail

AUDIO_GROUP="${AUDIO_GROUP:-audio}"
PROFILE="${1:-session}"

say() { printf '[sound-tune] %s\n' "$*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

declare -A SWAPPINESS=([session]=10 [idle]=60)
declare -A WATCHES=([session]=524288 [idle]=65536)
declare -A RTPRIO=([session]=95 [idle]=50)

conf_dir() {
    local parts=("/etc" "sysctl.d")
    local IFS=/
    printf '%s' "${parts[*]}"
}

limits_dir() {
    local parts=("/etc" "security" "limits.d")
    local IFS=/
    printf '%s' "${parts[*]}"
}

kernel_conf() {
    cat <<EOF
# rink sound profile: $PROFILE
vm.swappiness = ${SWAPPINESS[$PROFILE]}
fs.inotify.max_user_watches = ${WATCHES[$PROFILE]}
kernel.sched_autogroup_enabled = 0
EOF
}

limits_conf() {
    cat <<EOF
@$AUDIO_GROUP - rtprio ${RTPRIO[$PROFILE]}
@$AUDIO_GROUP - memlock unlimited
EOF
}

install_file() {
    local target="$1" tmp
    tmp=$(mktemp)
    cat > "$tmp"
    as_root install -m 0644 -o root -g root "$tmp" "$target"
    rm -f "$tmp"
    say "wrote $target"
}

apply_kernel() {
    kernel_conf | install_file "$(conf_dir)/60-rink-sound.conf"
    as_root sysctl -q --load "$(conf_dir)/60-rink-sound.conf"
}

apply_limits() {
    limits_conf | install_file "$(limits_dir)/95-rink-audio.conf"
}

restart_audio() {
    local unit
    local -a units=("alsa-state.service" "rtkit-daemon.service")
    for unit in "${units[@]}"; do
        if systemctl list-unit-files "$unit" >/dev/null 2>&1; then
            as_root systemctl restart "$unit" && say "restarted $unit"
        fi
    done
}

if [[ -z "${SWAPPINESS[$PROFILE]:-}" ]]; then
    echo "usage: $0 [session|idle]" >&2
    exit 2
fi

apply_kernel
apply_limits
restart_audio
say "profile $PROFILE applied"
