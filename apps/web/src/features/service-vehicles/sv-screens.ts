// The list screens share one lazy chunk so the entry's preload map names one file for them, not three.
export { MyPipelinePage } from './my-pipeline-page';
export { MyServiceVehiclesPage } from './my-service-vehicles-page';
export { NewServiceVehiclePage } from './new-service-vehicle-page';
export { ServiceVehiclesListPage } from './service-vehicles-list-page';
