#!/usr/bin/env bash
# Inventory of containers on this host straight from the Docker Engine API:
# image, uptime, restart count, published ports and mounted host paths.
# Writes ./inventory/<host>-<date>.csv and prints a short table.
set -uo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
OUT_DIR="./inventory"
INCLUDE_STOPPED=0

while getopts 'as:o:' opt; do
    case $opt in
        a) INCLUDE_STOPPED=1 ;;
        s) SOCK=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        *) echo "usage: ${0##*/} [-a] [-s socket] [-o dir]" >&2; exit 2 ;;
    esac
done

[[ -S $SOCK ]] || { echo "no docker socket at $SOCK" >&2; exit 1; }

engine() {
    curl -sS --fail --unix-socket "$SOCK" --max-time 20 "$API$1"
}

ver=$(engine /version | jq -r '.Version') || { echo "engine not responding" >&2; exit 1; }
echo "docker engine $ver on $(hostname -s)"

mkdir -p "$OUT_DIR"
csv="$OUT_DIR/$(hostname -s)-$(date +%F).csv"
exec 4> "$csv"
echo 'id,name,image,state,started,restarts,privileged,ports,binds' >&4

query='/containers/json'
(( INCLUDE_STOPPED )) && query+='?all=true'

declare -i n=0 priv=0
while IFS=$'\t' read -r id name; do
    detail=$(engine "/containers/$id/json") || { echo "inspect failed for $id" >&2; continue; }
    IFS=$'\t' read -r image state started restarts privileged < <(
        jq -r '[.Config.Image, .State.Status, .State.StartedAt[0:19],
                (.RestartCount|tostring), (.HostConfig.Privileged|tostring)] | @tsv' <<< "$detail")
    ports=$(jq -r '[.NetworkSettings.Ports // {} | to_entries[]
                    | select(.value != null) | "\(.value[0].HostPort)->\(.key)"] | join(" ")' <<< "$detail")
    binds=$(jq -r '[.Mounts[] | select(.Type == "bind") | .Source] | join(" ")' <<< "$detail")
    [[ $privileged == true ]] && (( ++priv ))
    printf '%s,%s,%s,%s,%s,%s,%s,"%s","%s"\n' \
        "${id:0:12}" "${name#/}" "$image" "$state" "$started" "$restarts" "$privileged" "$ports" "$binds" >&4
    (( ++n ))
done < <(engine "$query" | jq -r '.[] | [.Id, .Names[0]] | @tsv')
exec 4>&-

# Disk used by images and volumes, from the same API.
engine /system/df | jq -r '
    "images:  \([.Images[].Size] | add // 0 | . / 1048576 | floor) MiB",
    "volumes: \([.Volumes[].UsageData.Size | select(. > 0)] | add // 0 | . / 1048576 | floor) MiB"'

column -s, -t < <(cut -d, -f2,3,4,6,7 "$csv") | head -n 40
echo "$n containers ($priv privileged) -> $csv"
