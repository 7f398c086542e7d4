import sharp from 'sharp';
const [file, out, top, height] = process.argv.slice(2);
const meta = await sharp(file).metadata();
const h = Math.min(Number(height), meta.height - Number(top));
await sharp(file).extract({ left: 0, top: Number(top), width: meta.width, height: h }).toFile(out);
console.log(meta.width, meta.height);
