import docker


def prune_old(days=7):
    client = docker.from_env()
    removed = 0
    for c in client.containers.list(all=True, filters={"status": "exited"}):
        c.remove()
        removed += 1
    client.images.prune(filters={"dangling": True})
    return removed


print("removed", prune_old())
