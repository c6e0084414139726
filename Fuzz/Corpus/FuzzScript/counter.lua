count = 0
function step() count = count + 1 end
