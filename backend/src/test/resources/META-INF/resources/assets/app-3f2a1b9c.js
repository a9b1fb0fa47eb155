console.log("podium test asset");
