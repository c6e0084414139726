require("modules-loop")
