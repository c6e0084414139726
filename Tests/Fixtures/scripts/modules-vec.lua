return {scale = function(x, y, k) return x * k, y * k end}
